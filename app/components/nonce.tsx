/**
 * The Content-Security-Policy nonce of the request (the HTTP server mints one per request): the
 * server renders it on Remix's inline scripts. Browsers hide nonces from the DOM, so the client's
 * value is empty, and React does not compare it when hydrating.
 */
import { createContext, useContext } from "react";

const NonceContext = createContext<string>("");

export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
