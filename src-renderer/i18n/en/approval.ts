/** A Supervisor's approval on the spot: the dialog, a refusal that offers it, and the note beside an action a role may not do alone. */
export const approval = {
  title: 'Supervisor approval',
  lead: {
    refundsRequest:
      "A Supervisor approves <b>this refund or void</b> by typing their own login and PIN here. The approval covers this one action only, and both names are written in the order's timeline and the audit log.",
    refundsRegister:
      "A Supervisor approves <b>registering this refund made elsewhere</b> by typing their own login and PIN here. The approval covers this one action only, and both names are written in the order's timeline and the audit log.",
    phoneOrdersOverride:
      "A Supervisor approves <b>unlocking this card (supervisor override)</b> by typing their own login and PIN here. The approval covers this one action only, and both names are written in the order's timeline and the audit log.",
    phoneOrdersCharge:
      "A Supervisor approves <b>this charge</b> by typing their own login and PIN here. The approval covers this one action only, and both names are written in the order's timeline and the audit log.",
    ordersCancelLink:
      "A Supervisor approves <b>marking this link cancelled</b> by typing their own login and PIN here. The approval covers this one action only, and both names are written in the order's timeline and the audit log.",
    ordersResolveReview:
      "A Supervisor approves <b>this review decision</b> by typing their own login and PIN here. The approval covers this one action only, and both names are written in the order's timeline and the audit log.",
    cardsRemove:
      "A Supervisor approves <b>removing this card</b> by typing their own login and PIN here. The approval covers this one action only, and both names are written in the order's timeline and the audit log.",
  },
  login: "Supervisor's login",
  pin: "Supervisor's PIN",
  loginMissing: "Enter the Supervisor's login",
  pinMissing: "Enter the Supervisor's PIN",
  approve: 'Approve',
  checking: 'Checking…',
  ask: 'Ask a supervisor to approve',
  needs: { clerk: 'Needs a Clerk.', supervisor: 'Needs a Supervisor.', admin: 'Needs an Admin.' },
  needsApprovable: {
    clerk: 'Needs a Clerk: one can approve it on this desk with their login and PIN.',
    supervisor: 'Needs a Supervisor: one can approve it on this desk with their login and PIN.',
    admin: 'Needs an Admin: one can approve it on this desk with their login and PIN.',
  },
} as const
