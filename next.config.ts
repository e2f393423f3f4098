import type { NextConfig } from "next";
import { parseEnv } from "./lib/env";

const securityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(self), geolocation=()" },
];

const nextConfig: NextConfig = {
  poweredByHeader: false,
  serverExternalPackages: ["pg", "@prisma/adapter-pg"],
  async headers() {
    return [
      { source: "/:path*", headers: securityHeaders },
      // Pages get a nonce-based policy from proxy.ts; API answers are data and may load nothing.
      { source: "/api/:path*", headers: [{ key: "Content-Security-Policy", value: "default-src 'none'; frame-ancestors 'none'" }] },
    ];
  },
};

// Stop dev/build/start at once, naming the variable, when the environment is malformed.
// (A build needs no database or secret; dev and start do.)
export default function config(phase: string): NextConfig {
  parseEnv({ ...process.env, NEXT_PHASE: phase });
  return nextConfig;
}
