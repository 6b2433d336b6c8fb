import { SHORTCUT_WORDS_MS } from '../../../src-common/shortcut-words/ms'
import type { Catalogue } from '../catalogue'

/** Bantuan: butang di bar atas, panel pintasan papan kekunci dan Perihal aplikasi. */
export const shortcuts: Catalogue['shortcuts'] = {
  buttons: { shortcuts: 'Pintasan', about: 'Perihal' },
  panel: {
    title: 'Pintasan papan kekunci',
    or: 'atau',
    outsideText: '(di luar ruang teks)',
    close: 'Tutup',
  },
  action: SHORTCUT_WORDS_MS,
  about: {
    title: 'Perihal {{name}}',
    version: 'Versi',
    electronNone: 'tidak digunakan (mod pelayar)',
    chromiumBrowser: 'versi pelayar anda',
    dataFolder: 'Folder data (sejarah, tetapan)',
    logFolder: 'Folder log',
    // The menu's items as main names them (said.shell.menu.*).
    openDesktop: 'Bantuan › Buka folder data (atau Buka folder log) membukanya dalam pengurus fail anda.',
    openBrowser: 'Mod pelayar tidak boleh membuka folder: salin laluannya ke dalam pengurus fail anda.',
    licences: 'Lesen perisian di dalamnya',
    licencesCount_one: 'Lesen perisian di dalamnya ({{n}} pakej)',
    licencesCount_other: 'Lesen perisian di dalamnya ({{n}} pakej)',
    loading: 'Sedang dimuatkan…',
    missing: 'Notis lesen ditulis semasa binaan (npm run build); salinan aplikasi ini tidak mempunyainya.',
    noLicenceFile: 'Pakej ini tiada fail lesen.',
    close: 'Tutup',
  },
}
