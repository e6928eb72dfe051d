import { createContext, useContext } from "react";

/** The request's CSP nonce, for components that render inline scripts (Scripts, ScrollRestoration). */
const NonceContext = createContext("");
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
