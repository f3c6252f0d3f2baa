// What the reminders' codes say to a person.

import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { AgreedHow, ReminderLogEntry } from "../../api/reminders";

export const AGREED_HOW: Record<AgreedHow, MessageDescriptor> = {
  in_person: msg`In person`,
  phone: msg`By phone`,
  in_writing: msg`In writing`,
  own_device: msg`On their own device`,
};

export const OUTCOME: Record<ReminderLogEntry["outcome"], MessageDescriptor> = {
  sent: msg`Sent`,
  skipped: msg`Skipped`,
  failed: msg`Failed`,
};

export const WHY: Record<Exclude<ReminderLogEntry["why"], "">, MessageDescriptor> = {
  quiet_hours: msg`In the participant's quiet hours`,
  opted_out: msg`The participant opted out`,
  withdrawn: msg`Consent withdrawn`,
  week_done: msg`This week's sessions were all done`,
  nothing_planned: msg`No sessions were planned that week`,
  programme_over: msg`The programme was over`,
  send_failed: msg`The mail server refused it`,
};
