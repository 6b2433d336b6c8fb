import { beforeEach, describe, expect, it } from 'vitest'
import type { OrderFilters, OrderView } from '../../../src-preload/contract'

// The store talks to main through window.api: a fake whose searches the test answers by hand.
const asked: { filters: OrderFilters; answer: (rows: OrderView[]) => void }[] = []
Object.defineProperty(globalThis, 'window', {
  value: {
    api: {
      orders: {
        search: (filters: OrderFilters) => new Promise((resolve) => asked.push({ filters, answer: (rows) => resolve({ ok: true, value: { rows, nextBeforeId: null } }) })),
        count: () => Promise.resolve({ ok: true, value: { total: 1 } }),
      },
    },
  },
  configurable: true,
})
const { dropOpeningSearch, searchOnOpening, useOrdersStore } = await import('../../../src-renderer/features/orders/orders-store')

const order = (id: number): OrderView => ({ id, invoiceNumber: `INV-${String(id)}` }) as OrderView

describe('the search Orders opens with (asked with the click that opens it)', () => {
  beforeEach(() => {
    asked.length = 0
    dropOpeningSearch()
    useOrdersStore.setState({ filters: {}, rows: [], generation: 0, history: 0, loading: false, error: null, total: null })
  })

  it("is taken over by the screen's first search: one request, its rows shown", async () => {
    searchOnOpening(0)
    expect(asked).toHaveLength(1)
    const first = useOrdersStore.getState().firstSearch({})
    expect(asked).toHaveLength(1)
    asked[0]?.answer([order(7)])
    await first
    expect(useOrdersStore.getState().rows.map((row) => row.id)).toEqual([7])
  })

  it('is taken over once: the next first search (the screen shown again) asks again', () => {
    searchOnOpening(0)
    void useOrdersStore.getState().firstSearch({})
    void useOrdersStore.getState().firstSearch({})
    expect(asked).toHaveLength(2)
  })

  it('is not taken over after another screen was chosen, or another search ran, or for other filters', () => {
    searchOnOpening(0)
    dropOpeningSearch()
    void useOrdersStore.getState().firstSearch({})
    expect(asked).toHaveLength(2)

    searchOnOpening(0)
    void useOrdersStore.getState().search({ text: 'aisyah' })
    void useOrdersStore.getState().firstSearch({})
    expect(asked).toHaveLength(5)

    searchOnOpening(0)
    void useOrdersStore.getState().firstSearch({ statuses: ['PAID'] })
    expect(asked).toHaveLength(7)
    expect(asked[6]?.filters).toMatchObject({ statuses: ['PAID'] })
  })

  it("leaves an older answer's rows out: a late answer to the opening search is dropped once another search ran", async () => {
    searchOnOpening(0)
    const other = useOrdersStore.getState().search({ text: 'mei' })
    asked[1]?.answer([order(2)])
    await other
    asked[0]?.answer([order(1)])
    await Promise.resolve()
    expect(useOrdersStore.getState().rows.map((row) => row.id)).toEqual([2])
  })

  it('is not asked when the screen will show another history than its rows are of: it starts afresh itself', () => {
    searchOnOpening(1)
    expect(asked).toHaveLength(0)
  })
})
