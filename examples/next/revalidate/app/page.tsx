import { FrontPage } from '../../app/front-page';
import { render } from '../../app/khountous';

// Rendered at the build, then again in the background at most every ten minutes.
export const revalidate = 600;

export default function Page() {
  return <FrontPage widget={render} />;
}
