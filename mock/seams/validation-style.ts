// The seam of how validation failures are reported: status, which fields, their names, their order and the body's
// shape. The clean style is the profile's (respond.ts).
import type { Wording } from '../messages.js';
import type { SeamTable } from './apply.js';

export interface ValidationStyleChoices {
  readonly text: Wording;
  status: number;
  firstOnly: boolean;
  separator: string;
  reverse: boolean;
  secondMessage: string | null;
  valuesStrings: boolean;
  wrapped: boolean;
  requiredMissing: boolean;
  /** A wrong type is answered with the one {message} of the profile's wrong-type refusal. */
  wrongTypeAsMessage: boolean;
}

export const VALIDATION_STYLE_SEAMS: SeamTable<ValidationStyleChoices> = {
  // Faults
  'validation-status-400': (s) => void (s.status = 400),
  'validation-first-field-only': (s) => void (s.firstOnly = true),
  'validation-underscore-names': (s) => void (s.separator = '_'),
  'validation-values-strings': (s) => void (s.valuesStrings = true),
  'validation-wrapped': (s) => void (s.wrapped = true),
  'required-message-missing': (s) => void (s.requiredMissing = true),
  'wrong-type-400': (s) => void (s.wrongTypeAsMessage = true),
  // Variations
  'validation-field-order': (s) => void (s.reverse = true),
  'validation-several-messages': (s) => void (s.secondMessage = s.text.seeDocs),
};
