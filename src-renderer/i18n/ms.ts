/**
 * Katalog Bahasa Melayu: the Malay catalogue, written as a Malaysian shop and its bank would say it
 * ("pautan pembayaran", "bayaran balik", "kad tersimpan"), not word for word from English. Its shape
 * is English's (catalogue.ts): a missing or extra id fails the typecheck.
 */
import type { Catalogue } from './catalogue'
import { ui } from './ms/ui'
import { orders } from './ms/orders'
import { paymentLink } from './ms/paymentLink'
import { phoneOrder } from './ms/phoneOrder'
import { welcome } from './ms/welcome'
import { operators } from './ms/operators'
import { customers } from './ms/customers'
import { tracker } from './ms/tracker'
import { approval } from './ms/approval'
import { refunds } from './ms/refunds'
import { customerTexts } from './ms/customerTexts'
import { settings } from './ms/settings'
import { team } from './ms/team'
import { audit } from './ms/audit'
import { home } from './ms/home'
import { report } from './ms/report'
import { shortcuts } from './ms/shortcuts'
import { said } from '../../src-common/said/ms'

export const ms: Catalogue = {
  customerTexts,
  refunds,
  settings,
  team,
  audit,
  home,
  report,
  shortcuts,
  said,
  orders,
  paymentLink,
  phoneOrder,
  welcome,
  operators,
  customers,
  tracker,
  approval,
  ui,
  language: {
    title: 'Bahasa',
    lead: 'Bahasa skrin di komputer ini, untuk setiap operator yang log masuk di sini. Pelanggan menerima bahasa masing-masing, yang dipilih pada setiap pelanggan.',
    choose: 'Bahasa skrin',
    saved: 'Disimpan: skrin kini dalam Bahasa Melayu.',
    failed: 'Bahasa tidak dapat disimpan: {{message}}',
  },
  shell: {
    appName: 'Merchant Back Office',
    /** The letters of the logo beside the name. */
    logo: 'MB',
    mainMenu: 'Utama',
    opening: 'Membuka skrin…',
    screens: {
      home: 'Laman utama',
      orders: 'Pesanan',
      'payment-link': 'Pautan pembayaran',
      'phone-order': 'Pesanan telefon',
      report: 'Akhir hari',
      audit: 'Log audit',
      operators: 'Operator',
      settings: 'Tetapan',
    },
    backEndSilent: 'Bahagian belakang aplikasi tidak memberi respons.',
  },
  banner: {
    environment: 'Persekitaran: {{name}}',
    notConnected: 'Tidak bersambung',
    notConnectedDetail: 'dengan bahagian belakang aplikasi',
    training: { title: 'Latihan', detail: 'tiada wang sebenar · bayaran dihantar ke gerbang latihan terbina dalam' },
    sandbox: { title: 'Sandbox', detail: 'tiada wang sebenar · bayaran dihantar ke sandbox gerbang pembayaran' },
    production: { title: 'Produksi', detail: 'bayaran sebenar' },
  },
  roles: { clerk: 'Kerani', supervisor: 'Penyelia', admin: 'Pentadbir' },
  login: {
    short: 'Gunakan sekurang-kurangnya 2 aksara',
    characters: 'Gunakan huruf, digit dan . _ - sahaja',
  },
  pin: {
    rule: 'Sekurang-kurangnya 6 digit, atau sekurang-kurangnya 8 aksara apa-apa jenis; bukan satu digit berulang atau digit berturutan.',
    empty: 'Masukkan PIN',
    shortDigits: 'Gunakan sekurang-kurangnya 6 digit (atau 8 aksara apa-apa jenis)',
    shortText: 'Gunakan sekurang-kurangnya 8 aksara, atau PIN sekurang-kurangnya 6 digit',
    easy: 'Terlalu mudah diteka: bukan satu digit berulang (111111) atau digit berturutan (123456)',
    differ: 'Kedua-dua PIN tidak sama: taip PIN yang sama dua kali',
  },
  session: {
    firstAdmin: {
      title: 'Cipta Pentadbir pertama',
      lead: 'Belum ada sesiapa yang boleh menggunakan komputer ini. Jadikan diri anda Pentadbir pertamanya: anda boleh menambah Kerani dan Penyelia kemudian, di Operator.',
      name: 'Nama anda',
      nameHint: 'Seperti yang tertera pada pesanan dan dalam log audit.',
      nameEmpty: 'Masukkan nama anda',
      login: 'ID log masuk',
      loginHint: 'Pendek, yang anda taip untuk log masuk: huruf, digit, . _ -',
      pin: 'PIN',
      pinAgain: 'PIN sekali lagi',
      creating: 'Sedang mencipta…',
      submit: 'Cipta Pentadbir dan mula',
    },
    signIn: {
      title: 'Log masuk',
      lead: 'Log masuk dengan ID log masuk dan PIN anda. Minta bantuan Pentadbir jika anda belum ada ID, atau terlupa PIN.',
      login: 'ID log masuk',
      pin: 'PIN',
      loginEmpty: 'Masukkan ID log masuk anda',
      pinEmpty: 'Masukkan PIN anda',
      checking: 'Sedang menyemak…',
      submit: 'Log masuk',
    },
    lock: {
      locked: 'Dikunci',
      wrongPin: 'PIN salah.',
      signedOut: 'Telah log keluar',
      otherLead: 'Log masuk dengan ID log masuk dan PIN anda. Apa-apa yang belum dihantar oleh operator sebelum ini akan dibuang.',
      lockedLead: 'Skrin dikunci kerana tidak digunakan seketika; data pelanggan disembunyikan. <b>{{name}}</b> ({{role}}) boleh menyambung semula dengan PIN, di tempat yang sama.',
      signedOutLead: 'Tiada sesiapa yang log masuk di komputer ini lagi; data pelanggan disembunyikan. <b>{{name}}</b> ({{role}}) boleh menyambung semula dengan PIN, di tempat yang sama.',
      continueAs: 'Teruskan sebagai {{name}}',
      backTo: 'Kembali: teruskan sebagai {{name}}',
      someoneElse: 'Log masuk sebagai orang lain',
    },
    loading: { title: 'Sedang bermula…', text: 'Menyemak siapa yang sedang log masuk.' },
    unreachable: { title: 'Bahagian belakang aplikasi tidak memberi respons', retry: 'Cuba lagi' },
    menu: {
      pinChanged: 'PIN ditukar',
      changePin: 'Tukar PIN',
      signOut: 'Log keluar',
    },
    changePin: {
      title: 'Tukar PIN anda',
      current: 'PIN semasa',
      currentEmpty: 'Masukkan PIN semasa anda',
      next: 'PIN baharu',
      again: 'PIN baharu sekali lagi',
      saving: 'Sedang menukar…',
      submit: 'Tukar PIN',
    },
  },
}
