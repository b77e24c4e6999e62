import { EmailButton, EmailLayout, EmailLink, P, absoluteUrl, greeting } from "./layout";

export type UsageAlertProps = { firstName: string | null; planName: string; threshold: 80 | 100; usedUnits: string; includedUnits: number; monthEnd: string; trial?: boolean; baseUrl: string };

export const usageAlertSubject = (threshold: 80 | 100) => (threshold === 100 ? "You have used all the units included this month" : "You have used 80% of this month's units");

/** The customer's e-mail when a usage month passes 80% or 100% of the plan's included units (issue 13). A trial month's extra units are never billed (ADR 0145). */
export function UsageAlert({ firstName, planName, threshold, usedUnits, includedUnits, monthEnd, trial = false, baseUrl }: UsageAlertProps) {
  const dashboardUrl = absoluteUrl(baseUrl, "/dashboard");
  return (
    <EmailLayout title={usageAlertSubject(threshold)}>
      <P>{greeting(firstName)}</P>
      <P>{`Your AI employee has used ${usedUnits} of the ${includedUnits} units your ${planName} plan includes this month (until ${monthEnd}).`}</P>
      <P>
        {trial
          ? "It keeps answering: units beyond the plan are not billed during your free trial."
          : threshold === 100
            ? "It keeps answering: units beyond the plan are billed at your plan's extra-unit price."
            : "Nothing changes yet: when the included units are used up, further units are billed at your plan's extra-unit price."}
      </P>
      <EmailButton href={dashboardUrl}>See this month&apos;s usage</EmailButton>
      <P>
        Dashboard: <EmailLink href={dashboardUrl}>{dashboardUrl}</EmailLink>
      </P>
      <P muted>Reply to this e-mail if you would like to change your plan.</P>
    </EmailLayout>
  );
}
