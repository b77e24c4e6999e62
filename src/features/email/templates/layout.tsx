import { Fragment, type ReactNode } from "react";
import { BRAND } from "@/lib/brand";
import { Body, Container, Head, Heading, Html, Link, Preview, Section, Text } from "@react-email/components";

/** The product's colours and type in e-mails (inline styles: mail clients ignore style sheets). */
export const EMAIL_COLORS = {
  brand: "#4f46e5",
  text: "#111827",
  muted: "#4b5563",
  page: "#f4f6fb",
} as const;

export const mutedText = {
  fontSize: "13px",
  color: EMAIL_COLORS.muted,
} as const;

/** An absolute URL for an e-mail: paths are joined to the base URL (PUBLIC_BASE_URL); full URLs are kept. */
export function absoluteUrl(baseUrl: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${baseUrl.replace(/\/$/, "")}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

/** The greeting every customer e-mail opens with. */
export function greeting(firstName: string | null | undefined): string {
  return firstName ? `Hi ${firstName},` : "Hi,";
}

/**
 * The layout of every e-mail: brand line, heading, the message, and the
 * footer. `preview` is the line mail clients show next to the subject (not
 * part of the text version).
 */
export function EmailLayout({ title, preview, children }: { title: string; preview?: string; children: ReactNode }) {
  return (
    <Html lang="en">
      <Head>
        <title>{title}</title>
      </Head>
      {preview ? <Preview>{preview}</Preview> : null}
      <Body
        style={{
          margin: 0,
          backgroundColor: EMAIL_COLORS.page,
          fontFamily: "Arial,Helvetica,sans-serif",
          color: EMAIL_COLORS.text,
        }}
      >
        <Container style={{ maxWidth: "600px", padding: "24px 0" }}>
          <Section
            style={{
              backgroundColor: "#ffffff",
              borderRadius: "12px",
              padding: "32px",
            }}
          >
            <Text
              style={{
                fontSize: "13px",
                color: EMAIL_COLORS.brand,
                fontWeight: "bold",
                margin: "0 0 16px",
              }}
            >
              {`${BRAND.name} · ${BRAND.tagline}`}
            </Text>
            <Heading as="h1" style={{ fontSize: "22px", margin: "0 0 16px" }}>
              {title}
            </Heading>
            {children}
          </Section>
          <Text style={{ ...mutedText, textAlign: "center", margin: "16px 0 0" }}>{`Sent by ${BRAND.name}.`}</Text>
        </Container>
      </Body>
    </Html>
  );
}

/** The one call to action of an e-mail: a button-styled link (absolute URL). */
export function EmailButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: "24px 0" }}>
      <Link
        href={href}
        style={{
          display: "inline-block",
          backgroundColor: EMAIL_COLORS.brand,
          color: "#ffffff",
          padding: "12px 20px",
          borderRadius: "8px",
          textDecoration: "none",
          fontWeight: "bold",
        }}
      >
        {children}
      </Link>
    </Section>
  );
}

/** A link in running text, in the brand colour and underlined (absolute URL). */
export function EmailLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} style={{ color: EMAIL_COLORS.brand, textDecoration: "underline" }}>
      {children}
    </Link>
  );
}

/** A paragraph in the e-mail's body type. */
export function P({ children, muted = false }: { children: ReactNode; muted?: boolean }) {
  return <Text style={muted ? mutedText : { fontSize: "15px", lineHeight: "1.6", margin: "0 0 12px" }}>{children}</Text>;
}

/** Labelled lines in one paragraph ("Caller: …", "Time: …"), the labels muted. */
export function Facts({ facts }: { facts: ReadonlyArray<readonly [string, ReactNode]> }) {
  return (
    <P>
      {facts.map(([label, value], i) => (
        <Fragment key={label}>
          {i > 0 ? <br /> : null}
          <span style={{ color: EMAIL_COLORS.muted }}>{label}:</span> {value}
        </Fragment>
      ))}
    </P>
  );
}
