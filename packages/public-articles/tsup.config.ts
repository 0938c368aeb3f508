import { clientBuild } from '../client-core/tsup-client';

export default clientBuild();
