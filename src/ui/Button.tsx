import type { ButtonHTMLAttributes } from 'react';
import { button, fullWidth } from './button.css';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: keyof typeof button;
  block?: boolean;
}

export function Button({
  variant = 'secondary',
  block = false,
  className,
  type = 'button',
  ...rest
}: ButtonProps) {
  const classes = [button[variant], block ? fullWidth : undefined, className].filter(Boolean).join(' ');
  return <button type={type} className={classes} {...rest} />;
}
