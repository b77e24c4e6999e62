import { EmailButton, EmailLayout, EmailLink, P, absoluteUrl, greeting } from "./layout";

/** Why an AI employee answers fully again. */
export type SpendModeBackReason = "new_month" | "below_limit";

export type SpendModeEmailProps =
  | { to: "messages_only"; firstName: string | null; aiEmployeeName: string; aiEmployeeId: string; limitText: string; usedUnits: string; includedUnits: number | null; until: string; baseUrl: string }
  | { to: "normal"; firstName: string | null; aiEmployeeName: string; aiEmployeeId: string; reason: SpendModeBackReason; baseUrl: string };

export function spendLimitSubject(p: Pick<SpendModeEmailProps, "to" | "aiEmployeeName">): string {
  return p.to === "messages_only" ? `Spend limit reached: ${p.aiEmployeeName} is taking messages only` : `${p.aiEmployeeName} is answering calls normally again`;
}

/**
 * Issue 24: the spend limit switched an AI employee to taking messages only,
 * or back (a new usage month, or a higher limit). Sent to the account's
 * billing e-mail (else its first owner) and to every owner.
 */
export function SpendLimitChanged(props: SpendModeEmailProps) {
  const settingsUrl = absoluteUrl(props.baseUrl, `/ai-employees/${encodeURIComponent(props.aiEmployeeId)}/settings`);
  const title = spendLimitSubject(props);
  return (
    <EmailLayout title={title} preview={props.to === "messages_only" ? `Until ${props.until}, callers can leave a message.` : undefined}>
      <P>{greeting(props.firstName)}</P>
      {props.to === "messages_only" ? (
        <>
          <P>{`${props.aiEmployeeName} has reached the spend limit you set: ${props.limitText}. ${props.includedUnits === null ? `${props.usedUnits} units` : `${props.usedUnits} of the ${props.includedUnits} included units`} are used this usage month.`}</P>
          <P>{`Until ${props.until}, when the next usage month starts, ${props.aiEmployeeName} takes a message on every call instead of handling it fully. To keep answering, raise the limit or choose to bill extra units.`}</P>
        </>
      ) : (
        <P>
          {props.reason === "new_month"
            ? `A new usage month has started, so ${props.aiEmployeeName} answers calls normally again.`
            : `This month's usage is below the spend limit again (the limit was changed or units were credited), so ${props.aiEmployeeName} answers calls normally again.`}
        </P>
      )}
      <EmailButton href={settingsUrl}>Change spend limit</EmailButton>
      <P>
        Settings: <EmailLink href={settingsUrl}>{settingsUrl}</EmailLink>
      </P>
    </EmailLayout>
  );
}
