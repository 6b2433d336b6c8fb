/** Orders per transaction of the crash test's writer (its own module, so importing it starts nothing). */
export const BATCH = 50
