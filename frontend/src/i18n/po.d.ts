// Lingui's Vite plugin compiles an imported catalogue into its messages.
declare module "*.po" {
  import type { Messages } from "@lingui/core";
  export const messages: Messages;
}
