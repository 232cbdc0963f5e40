import { useParams } from 'react-router';
import { TakeTest } from '../components/take-test';

/** /user/:teamId/test/:testId: a member takes a test (reached from a video's completion action). */
function TestPage() {
  const { testId = '' } = useParams();
  return <TakeTest key={testId} testId={testId} />;
}

export { TestPage as Component };
