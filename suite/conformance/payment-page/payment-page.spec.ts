// The payment page behind redirect_url (profile): its content, its two buttons, final states.
import { merchantTextInertOnPage, returnUrlSplitsNoHeader } from '../../checks/page-injection.js';
import { finalStateStaysOnPage, pageShowsAmountRecipientButtons, pressSettlesPayment, settledTransactionStaysUsed } from '../../checks/payment-page.js';
import { pageAnswerProtections, paymentPageNotFramable } from '../../checks/passive-page.js';
import { payerReturnedToReturnUrl } from '../../checks/return-destination.js';
import { declareChecks } from '../../runner/declarations.js';
import { pageTokenNearMissesOpenNothing } from '../../checks/page-token.js';
import { safeMethodsChangeNothing } from '../../checks/safe-methods.js';
import { addressesLeadToOwnPayment } from '../../checks/address-own-payment.js';
import { tamperedPressChangesOnlyOwnPayment } from '../../checks/press-tampering.js';
import { pageScriptIgnoresHostileInput } from '../../checks/page-script.js';
import {
  pageAddressNeverBecomesMarkup,
  pageStoredValuesNeverBecomeMarkup,
  pageMeetsWcag,
  pageSendsNoPaymentDataElsewhere,
  payFromKeyboardAlone,
  payOnEveryScreen,
} from '../../checks/page-conditions.js';

const CHECKS = [
  pageShowsAmountRecipientButtons(),
  pressSettlesPayment('deposited'),
  pressSettlesPayment('declined'),
  finalStateStaysOnPage('deposited'),
  finalStateStaysOnPage('declined'),
  settledTransactionStaysUsed('declined'),
  // Hostile input (docs/security/page.md)
  merchantTextInertOnPage(),
  returnUrlSplitsNoHeader(),
  // Passive look at the page and its answers (docs/security/passive-look.md)
  paymentPageNotFramable(),
  ...pageAnswerProtections(),
  // Every address the provider hands out, followed and tampered (docs/security/isolation.md)
  safeMethodsChangeNothing(),
  addressesLeadToOwnPayment(),
  tamperedPressChangesOnlyOwnPayment(),
  // Where the payer is sent back: return_url as sent, no open redirect
  payerReturnedToReturnUrl(),
  // The page's own script: DOM clobbering and messages of another origin (docs/security/page.md)
  pageScriptIgnoresHostileInput(),
  pageAddressNeverBecomesMarkup(),
  pageStoredValuesNeverBecomeMarkup(),
  pageTokenNearMissesOpenNothing(),
  pageSendsNoPaymentDataElsewhere(),
  // The page as payers meet it: the keyboard, their screens, WCAG 2.2 AA (docs/security/page.md)
  payFromKeyboardAlone(),
  payOnEveryScreen(),
  pageMeetsWcag(),
];

declareChecks('payment-page', CHECKS, import.meta.url);
