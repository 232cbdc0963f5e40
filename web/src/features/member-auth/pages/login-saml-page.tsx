import { Alert, Anchor, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { finishFederatedSignIn, useLoginMethods } from '../federation-api';
import { FederatedLoginButtons } from '../components/federated-login-buttons';
import { errorMessage, useTranslation } from '../../../lib/i18n';

/**
 * SPEC §2 /login_saml: with `?teamId=` the team's SAML (or OIDC) sign-in; it is also where the identity service sends
 * the browser back (`code` or `error`, with `state`): the tokens become the session and the member login goes on
 * at /logged_in/:teamId, as after a password sign-in.
 */
function LoginSamlPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const returning = query.has('state') && (query.has('code') || query.has('error'));
  const [failure, setFailure] = useState<{ code: string; teamId?: string } | undefined>();
  const started = useRef(false);

  useEffect(() => {
    if (!returning || started.current) return;
    started.current = true;
    void finishFederatedSignIn(query).then((result) => {
      if (result.ok) navigate(`/logged_in/${encodeURIComponent(result.teamId)}${result.search}`, { replace: true });
      else setFailure({ code: result.code, teamId: result.teamId });
    });
  }, [returning, query, navigate]);

  const teamId = failure?.teamId ?? query.get('teamId') ?? undefined;
  const { data: methods, error } = useLoginMethods(returning && !failure ? undefined : teamId);
  if (returning && !failure) return <PageLoader />;
  return (
    <Container size={460} py={{ base: 32, sm: 64 }}>
      <Paper withBorder p="xl" radius="md">
        <Stack>
          <Title order={1} size="h3">
            {t('federation:loginSaml.title')}
          </Title>
          {failure && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {errorMessage(failure.code)}
            </Alert>
          )}
          {!teamId || error ? (
            <Text role="alert" c="red">
              {errorMessage(teamId ? error : 'common/no_team')}
            </Text>
          ) : methods ? (
            methods.providers.length > 0 ? (
              <FederatedLoginButtons teamId={teamId} providers={methods.providers} search="" divider={false} />
            ) : (
              <Text>{errorMessage('auth/provider_not_allowed')}</Text>
            )
          ) : null}
          {teamId && methods?.passwordLogin && (
            <Anchor component={Link} to={`/login/${encodeURIComponent(teamId)}`} size="sm" ta="center">
              {t('federation:loginSaml.passwordLogin')}
            </Anchor>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}

export { LoginSamlPage as Component };
