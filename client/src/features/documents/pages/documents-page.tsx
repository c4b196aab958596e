import { Alert, SimpleGrid, Stack } from '@mantine/core';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { QueryError } from '../../../components/query-error';
import { useSession } from '../../../lib/session/use-session';
import { useProfile } from '../../../lib/use-profile';
import { useAllDocuments } from '../api/documents-api';
import { ContractCard } from '../components/contract-card';
import { OtherDocuments } from '../components/other-documents';
import { ProfileDocumentCard } from '../components/profile-document-card';
import { filesOfType, otherDocuments, PROFILE_DOCUMENTS } from '../document-types';

/**
 * /documenti: the corner's contract (signed with a one-time password), its profile documents (identity, tax code
 * card, RUI registration) and the other documents the platform publishes. Admins see the published ones.
 */
const DocumentsPage = () => {
  const { user } = useSession();
  const isCorner = user?.role === 'corner';
  const profile = useProfile();
  const documents = useAllDocuments();
  const files = documents.data ?? [];

  return (
    <Stack gap="lg">
      <PageHeader title="Documenti" description="Il contratto da firmare, i documenti del tuo profilo e quelli messi a disposizione dalla piattaforma." />
      {documents.isPending && <PageLoader />}
      {documents.isError && (
        <QueryError title="Impossibile caricare i documenti" error={documents.error} onRetry={() => void documents.refetch()} isRetrying={documents.isFetching} />
      )}
      {documents.data && (
        <>
          {isCorner && profile.isError && (
            <QueryError title="Impossibile caricare lo stato del contratto" error={profile.error} onRetry={() => void profile.refetch()} isRetrying={profile.isFetching} />
          )}
          {isCorner && profile.data && <ContractCard contract={profile.data.user.contract} files={files} />}
          {isCorner && (
            <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
              {PROFILE_DOCUMENTS.map((document) => (
                <ProfileDocumentCard
                  key={document.docType}
                  document={document}
                  files={filesOfType(files, document.docType)}
                  note={document.docType === 'rui-registration' ? 'Silver e Gold' : undefined}
                />
              ))}
            </SimpleGrid>
          )}
          {!isCorner && (
            <Alert variant="light" color="blue">
              Il contratto e i documenti del profilo riguardano i corner. Qui trovi i documenti pubblicati per te; per pubblicarne di nuovi usa la pagina
              Documenti dell’amministrazione.
            </Alert>
          )}
          <OtherDocuments files={otherDocuments(files)} />
        </>
      )}
    </Stack>
  );
};

export default DocumentsPage;
