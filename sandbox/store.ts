// All Organizations and their records, in memory. Lookups go through index maps; lists are plain arrays in id order.
import { randomBytes } from 'node:crypto';

import {
	CREATED_ORGANIZATION_SURVEY_CODES,
	DEMO_CUSTOM_PACKAGES,
	LEVEL_PRICES,
	SIGN_IN_LINK_LIFETIME_MS,
	SURVEY_CODES,
} from './catalog';
import { emptyOrganizationData } from './organizationData';
import { FIRST_BACKGROUND_CHECK_ID, FIRST_TRAINING_ID, FIRST_USER_ID, seedOrganizationData } from './seed';
import type { Organization, OrganizationSettings, UserRecord } from './types';

export const DEMO_ORGANIZATION_ID = 1;

const DEMO_SETTINGS: OrganizationSettings = {
	name: 'Sandbox Demo Church',
	canCreateOrganizations: true,
	allowSignInLinkCreation: true,
	selfPay: true,
	surveyCodes: SURVEY_CODES.map((entry) => entry.code),
	levelPrices: LEVEL_PRICES,
	customPackages: DEMO_CUSTOM_PACKAGES,
};

/** Organizations created through the API: no creation right, no self-pay, a smaller catalogue. */
export function createdOrganizationSettings(name: string, allowSignInLinkCreation: boolean): OrganizationSettings {
	return {
		name,
		canCreateOrganizations: false,
		allowSignInLinkCreation,
		selfPay: false,
		surveyCodes: CREATED_ORGANIZATION_SURVEY_CODES,
		levelPrices: LEVEL_PRICES.slice(0, 3),
		customPackages: [],
	};
}

export interface SignInToken {
	userId: number;
	organizationId: number;
	expiresAt: number;
	used: boolean;
}

export interface StoreOptions {
	apiKey: string;
	users: number;
	seed: number;
	/** The day seeded records are dated from, fixed at start so that a reset gives the same records. */
	seedDay: number;
}

export class Store {
	readonly organizations = new Map<number, Organization>();
	private readonly organizationsByKey = new Map<string, Organization>();
	private readonly signInTokens = new Map<string, SignInToken>();
	private nextOrganizationId = DEMO_ORGANIZATION_ID + 1;
	private nextUserId = FIRST_USER_ID;
	private nextTrainingId = FIRST_TRAINING_ID;
	private nextBackgroundCheckId = FIRST_BACKGROUND_CHECK_ID;

	constructor(private readonly options: StoreOptions) {
		this.reset();
	}

	/** Everything back to the seed: only the demo Organization, with its seeded records. */
	reset(): void {
		this.organizations.clear();
		this.organizationsByKey.clear();
		this.signInTokens.clear();
		this.nextOrganizationId = DEMO_ORGANIZATION_ID + 1;
		this.nextUserId = FIRST_USER_ID;
		this.nextTrainingId = FIRST_TRAINING_ID;
		this.nextBackgroundCheckId = FIRST_BACKGROUND_CHECK_ID;
		const demo: Organization = {
			id: DEMO_ORGANIZATION_ID,
			apiKey: this.options.apiKey,
			settings: DEMO_SETTINGS,
			seededUsers: this.options.users,
			data: emptyOrganizationData(),
			webhooks: { urls: [] },
		};
		this.add(demo);
		this.resetOrganization(demo);
	}

	/** One Organization's records back to its seed (none for a created one); webhook settings cleared. */
	resetOrganization(organization: Organization): void {
		if (organization.seededUsers === 0) {
			organization.data = emptyOrganizationData();
		} else {
			const { data, next } = seedOrganizationData({
				seed: this.options.seed + organization.id,
				today: this.options.seedDay,
				users: organization.seededUsers,
				surveyCodes: organization.settings.surveyCodes,
				levels: organization.settings.levelPrices.map((entry) => entry.level),
			});
			organization.data = data;
			// Seeded ids are the same on every reset; later records take ids after every id ever handed out.
			this.nextUserId = Math.max(this.nextUserId, next.nextUserId);
			this.nextTrainingId = Math.max(this.nextTrainingId, next.nextTrainingId);
			this.nextBackgroundCheckId = Math.max(this.nextBackgroundCheckId, next.nextBackgroundCheckId);
		}
		organization.webhooks = { urls: [] };
		for (const [token, entry] of this.signInTokens) {
			if (entry.organizationId === organization.id) this.signInTokens.delete(token);
		}
	}

	organizationByKey(apiKey: string): Organization | undefined {
		return this.organizationsByKey.get(apiKey);
	}

	createOrganization(settings: OrganizationSettings): Organization {
		const organization: Organization = {
			id: this.nextOrganizationId++,
			apiKey: `ms_${randomBytes(20).toString('hex')}`,
			settings,
			seededUsers: 0,
			data: emptyOrganizationData(),
			webhooks: { urls: [] },
		};
		this.add(organization);
		return organization;
	}

	takeUserId(): number {
		return this.nextUserId++;
	}

	takeTrainingId(): number {
		return this.nextTrainingId++;
	}

	takeBackgroundCheckId(): number {
		return this.nextBackgroundCheckId++;
	}

	issueSignInToken(organization: Organization, user: UserRecord, now: number): { token: string; expiresAt: number } {
		const token = randomBytes(24).toString('hex');
		const expiresAt = now + SIGN_IN_LINK_LIFETIME_MS;
		this.signInTokens.set(token, { userId: user.id, organizationId: organization.id, expiresAt, used: false });
		return { token, expiresAt };
	}

	/** A sign-in token works once, before it expires. */
	redeemSignInToken(token: string, now: number): SignInToken | undefined {
		const entry = this.signInTokens.get(token);
		if (!entry || entry.used || entry.expiresAt < now) return undefined;
		entry.used = true;
		return entry;
	}

	private add(organization: Organization): void {
		this.organizations.set(organization.id, organization);
		this.organizationsByKey.set(organization.apiKey, organization);
	}
}
