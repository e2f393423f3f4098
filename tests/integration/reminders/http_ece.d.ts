// http_ece (the Encrypted Content-Encoding of RFC 8188/8291, the library web-push itself uses) ships no types.
declare module "http_ece" {
  import type { ECDH } from "node:crypto";
  type Params = {
    version?: "aes128gcm" | "aesgcm";
    privateKey?: ECDH;
    authSecret?: string;
    dh?: string;
    salt?: string;
    keyid?: string;
    key?: string;
    rs?: number;
  };
  const ece: { decrypt(buffer: Buffer, params: Params): Buffer; encrypt(buffer: Buffer, params: Params): Buffer };
  export default ece;
}
