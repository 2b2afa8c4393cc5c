import Button from '@mui/material/Button';
import GoogleIcon from '@mui/icons-material/Google';

/** A plain link, not a fetch: the whole page goes to the server, which redirects to the provider. */
export function OidcButton({ href, label }: { href: string; label: string }) {
  return (
    <Button component="a" href={href} variant="outlined" size="large" fullWidth startIcon={<GoogleIcon aria-hidden />}>
      {label}
    </Button>
  );
}
