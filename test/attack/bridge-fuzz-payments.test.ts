/** The bridge under hostile input (bridge-fuzz.ts): the calls of payment links, customers, saved cards and phone orders. */
import { fuzzTheBridge } from './bridge-fuzz'

fuzzTheBridge('payments')
