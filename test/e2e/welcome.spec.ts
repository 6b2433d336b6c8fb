/**
 * The first ten minutes, as a newcomer finds them (issue 19): a fresh desk in Training shows the
 * first-run welcome once, after its first Admin; the shop's name typed there heads the training
 * gateway's payment page and its return page; the first card link made with Training's default return
 * addresses works end to end. Keyboard only for staff (the customer's page is the customer's): focus
 * lands on the new content after each step, and the "How the customer pays" radio group moves with
 * the arrow keys. The empty Orders screen offers the two ways an order begins. Screenshots at 1024×700
 * and 1280×800.
 */
import { expect, screenshotsAtBothSizes, SCREENSHOT_DIR, tabTo, test } from './fixtures'
import { call, trainingUrl } from './training-control'

test.describe('a fresh desk in Training', () => {
  test.use({ harnessOptions: { statusTracker: false, welcome: true } })

  test('welcome → shop name → the first card link with the defaults works, and the pages name the shop', async ({ page, harness }) => {
    const welcome = page.getByTestId('welcome')
    const heading = page.getByRole('heading', { level: 1, name: 'Welcome to Merchant Back Office' })
    await expect(heading).toBeFocused()
    await expect(welcome).toContainText('You are in Training')
    // The welcome stands in for the screens: no sidebar item is the current page.
    await expect(page.getByRole('navigation', { name: 'Main' }).locator('[aria-current="page"]')).toHaveCount(0)
    const form = page.getByRole('form', { name: 'Your shop' })
    await expect(form.getByLabel('Shop name')).toHaveValue('')
    await expect(form.getByLabel('Return address after payment')).toHaveValue('')
    await expect(form).toContainText('In Training you can leave both empty')
    await screenshotsAtBothSizes(page, 'welcome-details', { fullPage: true })

    // Keyboard only: Tab to the name, type it, Enter saves.
    await tabTo(page, form.getByLabel('Shop name'))
    await page.keyboard.press('Enter')
    await expect(form.getByLabel('Shop name')).toBeFocused()
    await expect(form).toContainText('Enter the shop’s name')
    await page.keyboard.type('Kedai Siti (KL)')
    await page.keyboard.press('Enter')

    const next = page.getByRole('heading', { level: 2, name: 'What would you like to do first?' })
    await expect(next).toBeFocused()
    await expect(welcome).toContainText('Receipts and the payment page now say “Kedai Siti (KL)”')
    for (const action of ['Create a payment link', 'Take a phone order', 'Find an order']) await expect(welcome.getByRole('button', { name: action })).toBeVisible()
    await screenshotsAtBothSizes(page, 'welcome-first-actions', { fullPage: true })
    expect((await call<{ settings: { shop: { name: string } } }>(harness, 'settings.get')).settings.shop.name).toBe('Kedai Siti (KL)')

    // The first action: the link form, with the keyboard on its first field (the radio group's checked option).
    await tabTo(page, welcome.getByRole('button', { name: 'Create a payment link' }))
    await page.keyboard.press('Enter')
    const linkForm = page.getByRole('form', { name: 'New payment link' })
    const card = linkForm.getByRole('radio', { name: /Card \(hosted page\)/ })
    const other = linkForm.getByRole('radio', { name: /Other channel/ })
    await expect(card).toBeFocused()
    await expect(card).toHaveAttribute('aria-checked', 'true')
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Payment link' })).toHaveAttribute('aria-current', 'page')

    // A real radio group: arrows move and choose (wrapping both ways); one tab stop.
    await page.keyboard.press('ArrowRight')
    await expect(other).toBeFocused()
    await expect(other).toHaveAttribute('aria-checked', 'true')
    await expect(linkForm.getByLabel('Channel')).toBeVisible()
    await page.keyboard.press('ArrowRight')
    await expect(card).toBeFocused()
    await expect(card).toHaveAttribute('aria-checked', 'true')
    await page.keyboard.press('ArrowUp')
    await expect(other).toHaveAttribute('aria-checked', 'true')
    await page.keyboard.press('ArrowDown')
    await expect(card).toHaveAttribute('aria-checked', 'true')
    await expect(card).toHaveAttribute('tabindex', '0')
    await expect(other).toHaveAttribute('tabindex', '-1')
    await page.keyboard.press('Tab')
    await expect(linkForm.getByLabel('Invoice number')).toBeFocused()
    await page.keyboard.press('Shift+Tab')
    await expect(card).toBeFocused()

    // Training's default return addresses: the training gateway's own pages, said so beside them.
    const base = trainingUrl(harness)
    await expect(linkForm.getByLabel('Return address after payment')).toHaveValue(`${base}/return/paid`)
    await expect(linkForm.getByLabel('Return address after a failed payment')).toHaveValue(`${base}/return/failed`)
    await expect(linkForm).toContainText("The training gateway's own return page")
    await linkForm.getByLabel('Return address after a failed payment').scrollIntoViewIfNeeded()
    await page.screenshot({ path: `${SCREENSHOT_DIR}/welcome-link-form-training-return.png` })
    await card.focus()

    await page.keyboard.press('Tab')
    await tabTo(page, linkForm.getByLabel('Amount (RM)'))
    await page.keyboard.type('42.00')
    await tabTo(page, linkForm.getByLabel('Customer name'))
    await page.keyboard.type('Nurul Huda')
    await page.keyboard.press('Tab')
    await page.keyboard.type('nurul@example.my')
    await page.keyboard.press('Enter')

    // Made: the keyboard is on the new link's heading, and the next Tab reaches what to do with it.
    const ready = page.getByRole('heading', { name: 'Link ready' })
    await expect(ready).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(page.getByTestId('link-result').getByLabel('Payment address')).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(page.getByTestId('link-result').getByRole('button', { name: 'Copy' })).toBeFocused()
    const address = await page.getByTestId('link-result').getByLabel('Payment address').inputValue()

    // The customer's side: the page names the shop; paid, the customer lands on the shop's (training) return page.
    const customer = await page.context().newPage()
    await customer.goto(address)
    await expect(customer.getByRole('heading', { name: 'Pay by card' })).toBeVisible()
    await expect(customer.locator('dl')).toContainText('MerchantKedai Siti (KL)')
    await customer.getByLabel('Card number').fill('4509198934905332')
    await customer.getByLabel('Expiry (MM/YY)').fill('12/39')
    await customer.getByLabel('CVV').fill('100')
    await customer.getByRole('button', { name: /^Pay / }).click()
    await expect(customer.getByRole('heading', { name: 'Back at Kedai Siti (KL)' })).toBeVisible()
    await expect(customer).toHaveURL(`${base}/return/paid`)
    await expect(customer.getByText('Thank you: your payment went through.')).toBeVisible()
    await customer.screenshot({ path: `${SCREENSHOT_DIR}/welcome-training-return-page.png` })
    await customer.close()

    // "New link": the keyboard goes on to the new form's first field.
    await tabTo(page, page.getByRole('button', { name: 'New link' }), 40)
    await page.keyboard.press('Enter')
    await expect(page.getByRole('form', { name: 'New payment link' }).getByRole('radio', { name: /Card \(hosted page\)/ })).toBeFocused()

    // The welcome is done for this desk: a reload goes straight to the screens (Home first).
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible()
    await expect(heading).toHaveCount(0)
  })

  test('skipped, it does not come back by itself; Settings opens it again; the empty Orders screen offers the first actions', async ({ page }) => {
    const heading = page.getByRole('heading', { level: 1, name: 'Welcome to Merchant Back Office' })
    await expect(heading).toBeFocused()
    await tabTo(page, page.getByRole('button', { name: 'Skip the welcome' }))
    await page.keyboard.press('Enter')

    // Home first; Orders, with nothing in it yet: the next steps as buttons.
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible()
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Orders', exact: true }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible()
    const empty = page.getByRole('region', { name: 'No orders yet' })
    await expect(empty.getByRole('button', { name: 'Create a payment link' })).toBeVisible()
    await expect(empty.getByRole('button', { name: 'Take a phone order' })).toBeVisible()
    await screenshotsAtBothSizes(page, 'orders-empty', { fullPage: true })

    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible()
    await expect(heading).toHaveCount(0)
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Orders', exact: true }).click()

    // Take a phone order: its screen, with the keyboard in the customer search.
    await tabTo(page, empty.getByRole('button', { name: 'Take a phone order' }), 40)
    await page.keyboard.press('Enter')
    await expect(page.getByRole('heading', { level: 1, name: 'Phone order' })).toBeVisible()
    await expect(page.getByRole('combobox', { name: 'Find customer' })).toBeFocused()

    // Settings → Getting started opens the welcome again, with what was saved (nothing yet).
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Settings' }).click()
    await page.getByRole('button', { name: 'Show the welcome again' }).click()
    await expect(heading).toBeFocused()
    await page.getByRole('form', { name: 'Your shop' }).getByLabel('Shop name').fill('Kedai Siti')
    await page.getByRole('button', { name: 'Save and continue' }).click()
    await expect(page.getByRole('heading', { level: 2, name: 'What would you like to do first?' })).toBeFocused()
    await page.getByRole('button', { name: 'Find an order' }).click()
    await expect(page.getByRole('searchbox', { name: 'Search orders' })).toBeFocused()
  })

  test('the empty Orders screen: "Create a payment link" opens the form with the keyboard on its first field', async ({ page }) => {
    await page.getByRole('button', { name: 'Skip the welcome' }).click()
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Orders', exact: true }).click()
    await page.getByRole('region', { name: 'No orders yet' }).getByRole('button', { name: 'Create a payment link' }).click()
    await expect(page.getByRole('form', { name: 'New payment link' }).getByRole('radio', { name: /Card \(hosted page\)/ })).toBeFocused()
  })
})

test.describe('a desk the harness prepared (the welcome marked done)', () => {
  test('starts without the welcome (the harness goes on to Orders)', async ({ page }) => {
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible()
    await expect(page.getByTestId('welcome')).toHaveCount(0)
  })
})
