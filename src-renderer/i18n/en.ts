/**
 * The English catalogue: every word the converted screens show, by id. Ids are grouped by where they
 * show; a text that depends on a count has `_one` and `_other`. Its Malay twin is ms.ts. The Settings
 * and Audit screens' sections come with those screens' code (en-on-demand.ts).
 */
import { ui } from './en/ui'
import { orders } from './en/orders'
import { paymentLink } from './en/paymentLink'
import { phoneOrder } from './en/phoneOrder'
import { welcome } from './en/welcome'
import { operators } from './en/operators'
import { customers } from './en/customers'
import { tracker } from './en/tracker'
import { approval } from './en/approval'
import { refunds } from './en/refunds'
import { customerTexts } from './en/customerTexts'
import { team } from './en/team'
import { home } from './en/home'
import { report } from './en/report'
import { shortcuts } from './en/shortcuts'

export const en = {
  customerTexts,
  refunds,
  team,
  home,
  report,
  shortcuts,
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
    title: 'Language',
    lead: 'The language of this desk’s screens, for every operator who signs in here. Customers get their own language, chosen on each customer.',
    choose: 'Language of the screens',
    saved: 'Saved: the screens now speak English.',
    failed: 'The language could not be saved: {{message}}',
  },
  shell: {
    appName: 'Merchant Back Office',
    /** The letters of the logo beside the name. */
    logo: 'MB',
    mainMenu: 'Main',
    /** While a screen's code loads (App.tsx: ScreenLoading). */
    opening: 'Opening the screen…',
    screens: {
      home: 'Home',
      orders: 'Orders',
      'payment-link': 'Payment link',
      'phone-order': 'Phone order',
      report: 'End of day',
      audit: 'Audit log',
      operators: 'Operators',
      settings: 'Settings',
    },
    backEndSilent: "The app's back end is not answering.",
  },
  banner: {
    environment: 'Environment: {{name}}',
    notConnected: 'Not connected',
    notConnectedDetail: "to the app's back end",
    training: { title: 'Training', detail: 'no real money · payments go to the built-in training gateway' },
    sandbox: { title: 'Sandbox', detail: "no real money · payments go to the gateway's sandbox" },
    production: { title: 'Production', detail: 'real payments' },
  },
  roles: { clerk: 'Clerk', supervisor: 'Supervisor', admin: 'Admin' },
  login: {
    short: 'Use at least 2 characters',
    characters: 'Use letters, digits and . _ - only',
  },
  pin: {
    rule: 'At least 6 digits, or at least 8 characters of any kind; not one digit repeated nor digits in a row.',
    empty: 'Enter a PIN',
    shortDigits: 'Use at least 6 digits (or 8 characters of any kind)',
    shortText: 'Use at least 8 characters, or a PIN of at least 6 digits',
    easy: 'Too easy to guess: not one digit repeated (111111) nor digits in a row (123456)',
    differ: 'The two PINs differ: type the same PIN twice',
  },
  session: {
    firstAdmin: {
      title: 'Create the first Admin',
      lead: 'Nobody can use this desk yet. Make yourself its first Admin: you can add Clerks and Supervisors afterwards, in Operators.',
      name: 'Your name',
      nameHint: 'As it appears on orders and in the audit log.',
      nameEmpty: 'Enter your name',
      login: 'Login',
      loginHint: 'Short, what you type to sign in: letters, digits, . _ -',
      pin: 'PIN',
      pinAgain: 'PIN again',
      creating: 'Creating…',
      submit: 'Create Admin and start',
    },
    signIn: {
      title: 'Sign in',
      lead: 'Sign in with your login and PIN. Ask an Admin if you have none, or if you forgot your PIN.',
      login: 'Login',
      pin: 'PIN',
      loginEmpty: 'Enter your login',
      pinEmpty: 'Enter your PIN',
      checking: 'Checking…',
      submit: 'Sign in',
    },
    lock: {
      locked: 'Locked',
      wrongPin: 'Wrong PIN.',
      signedOut: 'Signed out',
      otherLead: 'Sign in with your login and PIN. Anything the previous operator had not sent is discarded.',
      lockedLead: 'The screen locked after a while without use; customer data is hidden. <b>{{name}}</b> ({{role}}) continues with their PIN, where they were.',
      signedOutLead: 'Nobody is signed in at this desk any more; customer data is hidden. <b>{{name}}</b> ({{role}}) continues with their PIN, where they were.',
      continueAs: 'Continue as {{name}}',
      backTo: 'Back: continue as {{name}}',
      someoneElse: 'Sign in as someone else',
    },
    loading: { title: 'Starting…', text: 'Asking the app who is signed in.' },
    unreachable: { title: "The app's back end is not answering", retry: 'Try again' },
    menu: {
      pinChanged: 'PIN changed',
      changePin: 'Change PIN',
      signOut: 'Sign out',
    },
    changePin: {
      title: 'Change your PIN',
      current: 'Current PIN',
      currentEmpty: 'Enter your current PIN',
      next: 'New PIN',
      again: 'New PIN again',
      saving: 'Changing…',
      submit: 'Change PIN',
    },
  },
} as const
