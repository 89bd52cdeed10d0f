/** How a person is shown everywhere on IT Tickets: their name, the email on hover (the email alone without one). */
export function Person({
  name,
  email,
  className,
}: {
  name?: string | null;
  email: string;
  className?: string;
}) {
  return (
    <span title={email} className={className}>
      {name || email}
    </span>
  );
}
