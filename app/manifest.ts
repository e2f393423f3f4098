import type { MetadataRoute } from "next";

/** The web app manifest (served at /manifest.webmanifest, linked by Next.js): installable on a phone. */
export default function manifest(): MetadataRoute.Manifest {
  return {
    id: "/",
    name: "Talk Todo",
    short_name: "Todo",
    description: "A todo list you talk to.",
    start_url: "/",
    scope: "/",
    display: "standalone",
    orientation: "any",
    background_color: "#ffffff",
    theme_color: "#4f46e5",
    categories: ["productivity"],
    icons: [
      { src: "/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}
