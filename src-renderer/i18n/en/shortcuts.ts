/** Help: the top bar's buttons, the Keyboard shortcuts panel (by action, src-common/shortcuts.ts) and About. */
import { SHORTCUT_WORDS_EN } from '../../../src-common/shortcut-words/en'

export const shortcuts = {
  buttons: { shortcuts: 'Shortcuts', about: 'About' },
  panel: {
    title: 'Keyboard shortcuts',
    or: 'or',
    outsideText: '(outside a text field)',
    close: 'Close',
  },
  /** The desktop app's menu names them with the same words (src-common/shortcut-words/). */
  action: SHORTCUT_WORDS_EN,
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
