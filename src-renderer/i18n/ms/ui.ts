import type { Catalogue } from '../catalogue'

/** Perkataan komponen kongsi (src-renderer/ui/), dan perkataan status, jenis dan saluran. */
export const ui: Catalogue['ui'] = {
  cancel: 'Batal',
  renderError: {
    screen: 'Berlaku ralat pada skrin ini',
    text: 'Tiada apa-apa dihantar ke gerbang pembayaran kerana ralat ini. Anda boleh cuba lagi atau beralih ke skrin lain.',
    retry: 'Cuba lagi',
  },
  saved: 'Disimpan',
  copy: {
    copy: 'Salin',
    copied: 'Disalin',
    copiedAnnounce: 'Disalin ke papan keratan',
    fieldFailed: 'Tidak dapat menyalin: pilih alamat itu dan tekan Ctrl+C.',
    buttonFailed: 'Tidak dapat menyalin ke papan keratan.',
  },
  dateField: {
    placeholder: 'hh/bb/tttt',
    calendar: 'Kalendar: {{label}}',
    fromProblem: 'Tarikh "dari" bukan hari dalam kalendar: tulis sebagai hari/bulan/tahun, contohnya 31/12/2026.',
    toProblem: 'Tarikh "hingga" bukan hari dalam kalendar: tulis sebagai hari/bulan/tahun, contohnya 31/12/2026.',
  },
  qr: {
    label: 'Kod QR pautan pembayaran',
    tooLong: 'Alamat ini terlalu panjang untuk kod QR.',
  },
  statusCheck: {
    label: 'Semak status',
    checking: 'Sedang menyemak…',
    labelIn: '{{label}} dalam {{time}}',
    waitHint: 'Gerbang pembayaran meminta 60 saat selepas bayaran sebelum status disemak.',
    gatewayStatus: 'Status gerbang pembayaran: {{raw}}',
  },
  markCancelled: {
    button: 'Tanda batal',
    title: 'Tanda {{invoice}} sebagai batal?',
    marking: 'Sedang menanda…',
    what: 'Gerbang pembayaran tiada fungsi pembatalan: pautan kekal terbuka di gerbang pembayaran. Ini hanya menanda pesanan sebagai batal di sini supaya staf tahu bayaran tidak dijangka.',
    after: 'Jika pelanggan tetap membayar, semakan status masih akan menunjukkannya.',
    reason: 'Sebab (pilihan)',
    reasonExample: 'cth. Pelanggan membayar melalui pindahan bank',
  },
  approvedBy: '{{operator}} (diluluskan oleh {{approver}})',
  timeline: {
    by: 'oleh {{actor}}',
    label: 'Apa yang berlaku',
    nothing: 'Belum ada apa-apa direkodkan untuk pesanan ini.',
  },
  status: {
    PENDING: 'Menunggu',
    PAID: 'Dibayar',
    FAILED: 'Gagal',
    EXPIRED: 'Tamat tempoh',
    CANCELLED: 'Dibatalkan',
    REFUNDED: 'Dibayar balik',
    VOIDED: 'Dibatalkan (void)',
    OUTCOME_UNKNOWN: 'Tidak pasti',
    UNKNOWN: 'Tidak dikenali',
  },
  kind: {
    card_link: 'Pautan kad',
    generic_link: 'Pautan pembayaran',
    phone_order: 'Pesanan telefon',
  },
  channel: { CARD: 'Kad' },
  cardSource: {
    hosted_page: 'dari halaman pembayaran kad',
    charge: 'dari caj',
    manual: 'ditambah secara manual',
  },
  money: {
    noAmount: 'tiada jumlah',
    amountIn: 'sejumlah wang dalam {{currency}}',
    paid: '{{paid}} dibayar',
    paidOf: '{{paid}} dibayar (daripada {{amount}})',
    paidLess: '{{paid}} dibayar, kurang {{difference}} (diskaun atau promosi)',
    paidMore: '{{paid}} dibayar, lebih {{difference}} daripada pesanan',
  },
}
