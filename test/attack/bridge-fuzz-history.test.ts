/** The bridge under hostile input (bridge-fuzz.ts): the calls of orders, refunds, the status tracker, Home and the report. */
import { fuzzTheBridge } from './bridge-fuzz'

fuzzTheBridge('history')
