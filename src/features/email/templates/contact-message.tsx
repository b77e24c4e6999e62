import { Fragment } from "react";
import { EmailLayout, Facts, P } from "./layout";

export type ContactMessageProps = {
  /** The form's fields that were filled in, in order (label, value). */
  fields: Array<[label: string, value: string]>;
  message: string;
};

export const contactMessageSubject = (inquirySubject: string) => `New contact message: ${inquirySubject}`;

/** A contact form message, sent to the team (TEAM_EMAIL). Every value is what the visitor typed. */
export function ContactMessage({ fields, message }: ContactMessageProps) {
  const lines = message.split(/\r?\n/);
  return (
    <EmailLayout title="New contact message">
      <Facts facts={fields} />
      <P>
        {lines.map((line, i) => (
          <Fragment key={i}>
            {i > 0 ? <br /> : null}
            {line}
          </Fragment>
        ))}
      </P>
    </EmailLayout>
  );
}
