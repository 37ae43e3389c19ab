import type { ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from '../lib/router';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost';

function buttonClass(variant: ButtonVariant, block: boolean, extra?: string): string {
  return ['button', `button--${variant}`, block ? 'button--block' : '', extra ?? '']
    .filter(Boolean)
    .join(' ');
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  block?: boolean;
}

export function Button({
  variant = 'primary',
  block = false,
  className,
  type = 'button',
  ...props
}: ButtonProps) {
  return <button type={type} className={buttonClass(variant, block, className)} {...props} />;
}

interface ButtonLinkProps extends LinkProps {
  variant?: ButtonVariant;
  block?: boolean;
}

/** A link that looks like a button (navigation stays a link for assistive technology). */
export function ButtonLink({
  variant = 'primary',
  block = false,
  className,
  ...props
}: ButtonLinkProps) {
  return <Link className={buttonClass(variant, block, className)} {...props} />;
}
