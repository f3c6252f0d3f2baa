// What the staff pages call a role, a second factor and a place on a study, by the server's
// codes; a code not named here is shown as it is.

import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";

const ROLES: Record<string, MessageDescriptor> = {
  admin: msg`admin`,
  researcher: msg`researcher`,
  clinician: msg`clinician`,
  assessor: msg`blinded assessor`,
};

const FACTORS: Record<string, MessageDescriptor> = {
  totp: msg`authenticator app`,
  passkey: msg`passkey`,
  recovery: msg`recovery codes`,
};

const RELATIONS: Record<string, MessageDescriptor> = {
  owner: msg`owner`,
  clinical_team: msg`clinical team`,
  caring: msg`cares for`,
};

function named(names: Record<string, MessageDescriptor>, i18n: I18n, code: string): string {
  return code in names ? i18n._(names[code]) : code;
}

export const roleName = (i18n: I18n, role: string) => named(ROLES, i18n, role);
export const factorName = (i18n: I18n, factor: string) => named(FACTORS, i18n, factor);
export const relationName = (i18n: I18n, relation: string) => named(RELATIONS, i18n, relation);
