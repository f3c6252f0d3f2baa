// What the visits' codes say to a person.

import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { PointWindow, VisitMissedReason, VisitStatus } from "../../api/visits";

export const STATUS: Record<VisitStatus, MessageDescriptor> = {
  not_scheduled: msg`No visit window`,
  waiting: msg`Waiting for allocation`,
  upcoming: msg`Upcoming`,
  due: msg`Due`,
  overdue: msg`Overdue`,
  done: msg`Done`,
  missed: msg`Missed`,
  withdrawn: msg`Withdrawn`,
};

export const MISSED_REASON: Record<VisitMissedReason, MessageDescriptor> = {
  illness: msg`Illness`,
  away: msg`Away`,
  declined: msg`Declined the visit`,
  unreachable: msg`Could not be reached`,
  withdrew: msg`Withdrew from the study`,
  died: msg`Died`,
  other: msg`Other`,
};

export const ANCHOR: Record<NonNullable<PointWindow["anchor"]>, MessageDescriptor> = {
  enrolment: msg`enrolment`,
  allocation: msg`allocation`,
};

/** Visits an assessor can record now or soon, first in the list. */
export const TO_DO: VisitStatus[] = ["overdue", "due", "upcoming"];
