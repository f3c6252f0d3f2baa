// The kinds of assessment point a study declares (codes the server takes and sends) in the
// reader's words.

import { i18n } from "@lingui/core";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { components } from "../../api/schema";

type Kind = components["schemas"]["AssessmentPointKindEnum"];

export const POINT_KINDS: Record<Kind, MessageDescriptor> = {
  baseline: msg`Baseline`,
  post_training: msg`End of training`,
  follow_up: msg`Follow-up`,
};

/** A kind's words; a kind this page does not know yet shows as its code. */
export function pointKindWords(kind: string): string {
  return Object.hasOwn(POINT_KINDS, kind) ? i18n._(POINT_KINDS[kind as Kind]) : kind;
}
