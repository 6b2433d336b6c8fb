import type { Catalogue } from '../catalogue'

/** Apa yang dibaca pelanggan, dalam bahasa pelanggan: e-mel dan mesej WhatsApp pautan pembayaran. */
export const customerTexts: Catalogue['customerTexts'] = {
  draft: {
    greeting: 'Hai,',
    greetingNamed: 'Hai {{name}},',
    pleasePay: 'Sila bayar {{amount}} untuk invois {{invoice}} melalui pautan ini:',
    usableUntil: 'Pautan ini boleh digunakan sehingga {{time}}.',
    thanks: 'Terima kasih.',
    subject: 'Bayaran untuk {{invoice}}',
  },
  language: {
    label: 'Bahasa pelanggan',
    hint: 'E-mel, mesej WhatsApp, resit dan halaman gerbang pembayaran untuk FPX, e-dompet dan beli sekarang bayar kemudian dalam bahasa ini. Halaman bayaran kadnya dalam bahasa gerbang sendiri.',
    asDesk: 'Belum dipilih: bahasa komputer ini ({{language}})',
    asSaved: 'Pilihan tersimpan pelanggan, atau bahasa komputer ini ({{language}})',
  },
}
