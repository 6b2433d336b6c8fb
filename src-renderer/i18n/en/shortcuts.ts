/** Help: the top bar's buttons, the Keyboard shortcuts panel (by action, src-common/shortcuts.ts) and About. */
export const shortcuts = {
  buttons: { shortcuts: 'Shortcuts', about: 'About' },
  panel: {
    title: 'Keyboard shortcuts',
    or: 'or',
    outsideText: '(outside a text field)',
    close: 'Close',
  },
  /** The same words as the desktop app's menu (main's `said.shell.shortcut.*`; menu-words.test.ts keeps them equal). */
  action: {
    'focus-search': 'Search orders',
    'new-payment-link': 'New payment link',
    'new-phone-order': 'New phone order',
    'check-status': 'Check the open order’s status',
    'close-panel': 'Close the open order or dialog',
    'show-shortcuts': 'Keyboard shortcuts',
  },
  about: {
    title: 'About {{name}}',
    version: 'Version',
    electronNone: 'not used (browser mode)',
    chromiumBrowser: 'your browser’s',
    dataFolder: 'Data folder (history, settings)',
    logFolder: 'Log folder',
    openDesktop: 'Help › Open the data folder (or the log folder) shows it in your file manager.',
    openBrowser: 'Browser mode cannot open a folder: copy its path into your file manager.',
    licences: 'Licences of the software inside',
    licencesCount_one: 'Licences of the software inside ({{n}} package)',
    licencesCount_other: 'Licences of the software inside ({{n}} packages)',
    loading: 'Loading…',
    missing: 'The licence notices are written by the build (npm run build); this copy of the app has none.',
    noLicenceFile: 'The package has no licence file.',
    close: 'Close',
  },
} as const
