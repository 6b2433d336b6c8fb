import type { Catalogue } from '../catalogue'

/** Kelulusan Penyelia di tempat: dialognya, penolakan yang menawarkannya, dan nota di sebelah tindakan yang tidak boleh dibuat sendiri. */
export const approval: Catalogue['approval'] = {
  title: 'Kelulusan penyelia',
  lead: {
    refundsRequest:
      'Penyelia meluluskan <b>bayaran balik atau pembatalan ini</b> dengan menaip log masuk dan PIN mereka sendiri di sini. Kelulusan ini untuk tindakan ini sahaja, dan kedua-dua nama dicatat dalam garis masa pesanan dan log audit.',
    refundsRegister:
      'Penyelia meluluskan <b>pendaftaran bayaran balik yang dibuat di tempat lain ini</b> dengan menaip log masuk dan PIN mereka sendiri di sini. Kelulusan ini untuk tindakan ini sahaja, dan kedua-dua nama dicatat dalam garis masa pesanan dan log audit.',
    phoneOrdersOverride:
      'Penyelia meluluskan <b>pembukaan kunci kad ini (kelulusan penyelia)</b> dengan menaip log masuk dan PIN mereka sendiri di sini. Kelulusan ini untuk tindakan ini sahaja, dan kedua-dua nama dicatat dalam garis masa pesanan dan log audit.',
    phoneOrdersCharge:
      'Penyelia meluluskan <b>caj ini</b> dengan menaip log masuk dan PIN mereka sendiri di sini. Kelulusan ini untuk tindakan ini sahaja, dan kedua-dua nama dicatat dalam garis masa pesanan dan log audit.',
    ordersCancelLink:
      'Penyelia meluluskan <b>penandaan pautan ini sebagai dibatalkan</b> dengan menaip log masuk dan PIN mereka sendiri di sini. Kelulusan ini untuk tindakan ini sahaja, dan kedua-dua nama dicatat dalam garis masa pesanan dan log audit.',
    ordersResolveReview:
      'Penyelia meluluskan <b>keputusan semakan ini</b> dengan menaip log masuk dan PIN mereka sendiri di sini. Kelulusan ini untuk tindakan ini sahaja, dan kedua-dua nama dicatat dalam garis masa pesanan dan log audit.',
    cardsRemove:
      'Penyelia meluluskan <b>pembuangan kad ini</b> dengan menaip log masuk dan PIN mereka sendiri di sini. Kelulusan ini untuk tindakan ini sahaja, dan kedua-dua nama dicatat dalam garis masa pesanan dan log audit.',
  },
  login: 'Log masuk penyelia',
  pin: 'PIN penyelia',
  loginMissing: 'Masukkan log masuk penyelia',
  pinMissing: 'Masukkan PIN penyelia',
  approve: 'Luluskan',
  checking: 'Sedang menyemak…',
  ask: 'Minta penyelia meluluskan',
  needs: { clerk: 'Perlukan Kerani.', supervisor: 'Perlukan Penyelia.', admin: 'Perlukan Pentadbir.' },
  needsApprovable: {
    clerk: 'Perlukan Kerani: seorang Kerani boleh meluluskannya di komputer ini dengan log masuk dan PIN mereka.',
    supervisor: 'Perlukan Penyelia: seorang Penyelia boleh meluluskannya di komputer ini dengan log masuk dan PIN mereka.',
    admin: 'Perlukan Pentadbir: seorang Pentadbir boleh meluluskannya di komputer ini dengan log masuk dan PIN mereka.',
  },
}
