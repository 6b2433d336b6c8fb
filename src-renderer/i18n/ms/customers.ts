import type { Catalogue } from '../catalogue'

/** Pelanggan: mencari pelanggan, pelanggan yang dipilih (kad tersimpan, pesanan terkini), borang pelanggan dan menambah kad. */
export const customers: Catalogue['customers'] = {
  picker: {
    typeToFind: 'Taip nama, alamat e-mel atau nombor telefon.',
    searching: 'Sedang mencari…',
    noneStartsWith: 'Tiada pelanggan bermula dengan “{{typed}}”.',
    found_one: '{{count}} pelanggan: guna kekunci anak panah untuk bergerak, Enter untuk memilih.',
    found_other: '{{count}} pelanggan: guna kekunci anak panah untuk bergerak, Enter untuk memilih.',
    find: 'Cari pelanggan',
    placeholder: 'Nama, e-mel atau telefon',
    new: 'Pelanggan baharu',
    searchFailed: 'Carian gagal: {{message}}',
    resultsLabel: 'Pelanggan yang ditemui',
    noName: '(tiada nama)',
    addTyped: 'Tambah “{{typed}}” sebagai pelanggan baharu',
  },
  card: {
    numberNotRecorded: 'Nombor tidak direkodkan',
    addedLastUsed: 'Ditambah {{added}} · {{source}} · Terakhir digunakan {{used}}',
    addedNotUsed: 'Ditambah {{added}} · {{source}} · Belum digunakan',
    removeCard: 'Buang kad {{number}}',
    removeCardNoNumber: 'Buang kad',
    remove: 'Buang',
    lockedReview:
      '<b>Dikunci:</b> caj <mono>{{invoice}}</mono> perlu disemak (gerbang pembayaran meluluskan jumlah yang berbeza). Keputusan seseorang di bawah Pesanan akan membukanya.',
    lockedUnknown:
      '<b>Dikunci:</b> keputusan caj <mono>{{invoice}}</mono> tidak diketahui. Semak status (atau kelulusan penyelia) akan membukanya.',
    open: 'Buka {{invoice}}',
  },
  recent: {
    none: 'Belum ada pesanan untuk pelanggan ini.',
    label: 'Pesanan terkini',
    openTitle: '{{kind}} {{invoice}}: buka di Pesanan',
    showFewer: 'Tunjuk kurang',
    showAll: 'Tunjuk semua {{count}}',
  },
  panel: {
    edit: 'Ubah',
    change: 'Tukar pelanggan',
    loadFailed: 'Pelanggan ini tidak dapat dimuatkan: {{message}}',
    retry: 'Cuba lagi',
    cardToCharge: 'Kad untuk dicaj',
    noCards:
      'Tiada kad tersimpan. Kad disimpan apabila pelanggan membayar di halaman pembayaran kad dan menanda “Simpan kad ini”, atau tambah secara manual dari pejabat belakang gerbang pembayaran.',
    addByHand: 'Tambah kad secara manual',
    removedHidden_one: '{{count}} kad yang dibuang tidak ditunjukkan.',
    removedHidden_other: '{{count}} kad yang dibuang tidak ditunjukkan.',
    removeTitle: 'Buang kad ini?',
    removing: 'Sedang membuang…',
    removeConfirm: 'Buang kad',
    ofCustomer: '<b>{{card}}</b> milik {{name}}',
    removeLead: 'Ini menyahikat kad di gerbang pembayaran; kad ini tidak boleh dicaj lagi.',
    removeFailed: 'Kad tidak dibuang: {{message}}',
  },
}
