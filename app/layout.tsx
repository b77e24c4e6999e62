import type { Metadata, Viewport } from "next";
import localFont from "next/font/local";
import { Header } from "@/features/shell/header";
import { Footer } from "@/features/shell/footer";
import { Toaster } from "@/lib/ui/toaster";
import { BRAND } from "@/lib/brand";
import { config } from "@/lib/config";
import "./globals.css";

export function generateMetadata(): Metadata {
  return {
    metadataBase: new URL(config().baseUrl),
    title: { default: `${BRAND.name} | AI Employees for Small Business`, template: `%s | ${BRAND.name}` },
    description: BRAND.description,
    applicationName: BRAND.name,
  };
}

/** Geist Sans, every weight, cut down to the site's characters (scripts/make-font-subset.mjs, ADR 0102). */
const geistSans = localFont({ src: "./fonts/geist-sans-latin.woff2", variable: "--font-geist-sans", weight: "100 900", display: "swap" });

export const viewport: Viewport = { themeColor: "#4338ca", width: "device-width", initialScale: 1 };

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en" className={geistSans.variable}>
      <body className="flex min-h-screen flex-col font-sans">
        <Header />
        <main id="main" className="flex-1">
          {children}
        </main>
        <Footer />
        <Toaster />
      </body>
    </html>
  );
}
