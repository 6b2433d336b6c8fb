import type { Catalogue } from '../catalogue'

/** Sambutan kali pertama: butiran kedai, kemudian perkara pertama untuk dibuat; dan dua cara bermula pada skrin Pesanan yang kosong. */
export const welcome: Catalogue['welcome'] = {
  title: 'Selamat datang ke Merchant Back Office',
  environments: {
    training: 'Anda dalam <b>Latihan</b>: pautan dan caj dihantar ke gerbang latihan terbina dalam, dan tiada wang sebenar bergerak.',
    sandbox: 'Anda dalam <b>Sandbox</b>: pautan dan caj dihantar ke sandbox gerbang pembayaran, dan tiada wang sebenar bergerak.',
    production: 'Anda dalam <b>Produksi</b>: pautan dan caj melibatkan wang sebenar.',
  },
  twoDetails: 'Dua butiran tentang kedai anda, dan anda sudah sedia.',
  loadFailed: 'Tetapan tidak dapat dibaca: {{message}}',
  loading: 'Sedang memuatkan tetapan…',
  details: {
    heading: 'Kedai anda',
    shopName: 'Nama kedai',
    shopHintTraining: 'Di bahagian atas setiap resit, dan pada halaman pembayaran gerbang latihan yang dilihat pelanggan anda.',
    shopHint: 'Di bahagian atas setiap resit.',
    shopPlaceholder: 'cth. Kedai Runcit Pak Ali',
    returnLegend: 'Ke mana pelanggan pergi selepas membayar di halaman kad',
    trainingNote:
      '<b>Dalam Latihan anda boleh biarkan kedua-duanya kosong:</b> pelanggan kembali ke halaman gerbang latihan sendiri. Masukkan halaman laman web anda apabila sudah ada; Sandbox dan Produksi memerlukannya.',
    note: 'Halaman laman web anda: pautan kad memerlukan yang pertama.',
    returnPaid: 'Alamat pulangan selepas bayaran',
    returnFailed: 'Alamat pulangan selepas bayaran gagal',
    emptyTraining: 'Kosong: halaman gerbang latihan.',
    optional: 'Pilihan.',
    paidPlaceholder: 'cth. https://kedai.example.my/terima-kasih',
    failedPlaceholder: 'cth. https://kedai.example.my/bayaran-gagal',
    saving: 'Sedang menyimpan…',
    save: 'Simpan dan teruskan',
    skip: 'Langkau halaman alu-aluan',
    later: 'Kedua-duanya boleh diubah kemudian di Tetapan.',
    nameEmpty: 'Masukkan nama kedai (atau langkau halaman alu-aluan buat masa ini)',
    wholeAddress: 'Taip alamat penuh, bermula dengan https://',
  },
  start: {
    saved: 'Disimpan.',
    savedTraining: 'Disimpan. Resit dan halaman pembayaran kini memaparkan “{{name}}”.',
    savedReceipts: 'Disimpan. Resit kini memaparkan “{{name}}”.',
    heading: 'Apa yang anda mahu buat dahulu?',
    later: 'Nama kedai dan alamat pulangan ada di Tetapan, begitu juga halaman alu-aluan ini.',
    close: 'Tutup halaman alu-aluan',
  },
  actions: {
    'payment-link': { label: 'Cipta pautan pembayaran', text: 'Alamat untuk pelanggan membayar dengan kad, perbankan dalam talian FPX, e-dompet atau bayar kemudian.' },
    'phone-order': { label: 'Ambil pesanan telefon', text: 'Caj kad tersimpan pelanggan tetap semasa mereka masih di talian.' },
    'find-order': { label: 'Cari pesanan', text: 'Cari setiap pautan dan pesanan telefon, lihat statusnya, semak atau buat bayaran balik.' },
  },
}
