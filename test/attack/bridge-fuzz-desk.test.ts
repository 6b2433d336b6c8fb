/** The bridge under hostile input (bridge-fuzz.ts): the calls of sign-in, operators, approvals, audit, team, environment, welcome, settings, credentials, the gateway's test and the listener. */
import { fuzzTheBridge } from './bridge-fuzz'

fuzzTheBridge('desk')
