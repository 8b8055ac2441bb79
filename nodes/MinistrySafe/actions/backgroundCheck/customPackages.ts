// The Organization's custom background-check packages, for the Custom Package dropdown. Not in the service's
// documentation: its live clients read GET /custom_background_check_packages ([{ id, name, code, price }]).
import type { IDataObject, ILoadOptionsFunctions } from 'n8n-workflow';

import { apiRequest } from '../../../shared/transport';

export async function fetchCustomPackages(this: ILoadOptionsFunctions): Promise<IDataObject[]> {
	return (await apiRequest.call(this, 'GET', '/custom_background_check_packages', {
		expect: 'a list of records',
		// A service without the list: the code can still be typed.
		notFound: {
			message: 'This MinistrySafe account offers no list of custom packages',
			description:
				"Type the package's code instead: switch 'Custom Package Name or ID' to Expression and enter the code, e.g. CUSTOM_DL.",
		},
	})) as IDataObject[];
}
