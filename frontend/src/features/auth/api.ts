// The auth feature's calls: who is signed in, signing in and out.

import { answer, typedApi } from "../../api/client";

export const getMe = () => answer(typedApi.GET("/api/me"));

/** Sets the CSRF cookie a session sign-in needs. */
export const fetchCsrfCookie = () => answer(typedApi.GET("/api/auth/csrf"));

export const logIn = (username: string, password: string) =>
  answer(typedApi.POST("/api/auth/login", { body: { username, password } }));

export const logOut = () => answer(typedApi.POST("/api/auth/logout"));
