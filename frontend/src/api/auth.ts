// The calls about auth: who is signed in, signing in and out, and the second factor.

import type { Language } from "../i18n/languages";
import { answer, typedApi } from "./client";

export const getMe = () => answer(typedApi.GET("/api/me"));

/** The staff member's own language: the staff pages' and the API's answers to them. */
export const setMyLanguage = (language: Language) =>
  answer(typedApi.PATCH("/api/me", { body: { language } }));

/** Sets the CSRF cookie a session sign-in needs. */
export const fetchCsrfCookie = () => answer(typedApi.GET("/api/auth/csrf"));

/** 200: signed in (the staff member); 202: a second factor is needed (the challenge). */
export const logIn = (username: string, password: string) =>
  answer(typedApi.POST("/api/auth/login", { body: { username, password } }));

export const logOut = () => answer(typedApi.POST("/api/auth/logout"));

export const giveCode = (code: string) =>
  answer(typedApi.POST("/api/auth/second-factor", { body: { code } }));

export const givePasskey = (passkey: unknown) =>
  answer(typedApi.POST("/api/auth/second-factor", { body: { passkey } }));

export const passkeyOptions = () => answer(typedApi.POST("/api/auth/passkeys/options"));

export const startApp = () => answer(typedApi.POST("/api/auth/totp"));

export const confirmApp = (code: string) =>
  answer(typedApi.POST("/api/auth/totp/confirm", { body: { code } }));

export const passkeyRegisterOptions = () =>
  answer(typedApi.POST("/api/auth/passkeys/register/options"));

export const registerPasskey = (credential: unknown) =>
  answer(typedApi.POST("/api/auth/passkeys", { body: { credential } }));

export const newRecoveryCodes = () => answer(typedApi.POST("/api/auth/recovery-codes"));

export const getFactors = () => answer(typedApi.GET("/api/me/second-factor"));
