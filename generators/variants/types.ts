import type { RuleId } from '../../contracts/index.js';

/** A request body the provider must reject with a validation failure. */
export interface InvalidVariant {
  /** Human readable, e.g. `amount = max+1 (40000001)`. */
  label: string;
  /** The request body to send; its `signature` is the digest of the body as sent (see signing rule). */
  body: unknown;
  /**
   * When set, send exactly this text as the body instead of `JSON.stringify(body)` (a JSON
   * integer literal beyond 2^53 that a JS number cannot hold). It encodes the same object.
   */
  rawBody?: string;
  /** Validation-body keys the provider must report, e.g. `['amount']`, `['payload.client_id']`. */
  breaks: string[];
  /** Keys a correct provider may also report (e.g. `signature` when a digest input itself is broken). */
  mayAlsoReport: string[];
  /** Requirement ID (contracts/requirements.json) of the rule broken when a provider accepts the variant. */
  rule: RuleId;
  /** The rule broken when a provider refuses it but keyed by other fields; default `rule`. */
  keysRule?: RuleId;
  /** Whether the rule comes from the interface document or from the default profile. */
  kind: 'documented' | 'profile';
  /** The message for each broken key must contain "required" (any letter case). */
  expectRequired: boolean;
  /** How the field is made missing, for the missing-field variants (profiles differ on null and ""). */
  missing?: 'absent' | 'null' | 'empty' | 'several';
}

/** A body whose `signature` is wrong; everything else is valid. The provider must reject it keyed `signature`. */
export interface SignatureTampering {
  label: string;
  body: Record<string, unknown>;
  rule: RuleId;
  /** The rule broken when the provider refuses it but not keyed signature; default PRO-VAL-SIGNATURE. */
  keysRule?: RuleId;
  kind: 'documented' | 'profile';
}

/** A body whose `signature` differs from the computed digest but must still be ACCEPTED. */
export type AcceptedSignatureVariant = SignatureTampering;

/** An X-Sign header the provider must refuse (default profile: 401 before body validation). */
export interface XSignTampering {
  label: string;
  /** The exact body text to send (a valid, correctly signed body). */
  bodyText: string;
  /** The X-Sign header value; `undefined`: send no X-Sign header. */
  header: string | undefined;
  rule: RuleId;
  kind: 'documented' | 'profile';
}

/** Kind of a requirement ID by its prefix. */
export function kindOf(rule: RuleId): 'documented' | 'profile' {
  return rule.startsWith('DOC-') ? 'documented' : 'profile';
}
