import {
  IpKrResponse,
  KrAdultAuthRequest,
  NoData,
  PushSettingsRequest,
  ToggleParams,
  UpdateUserRequest,
  User,
  UserAddressRequest,
  UserAddressResponse,
  UserAuthResponse,
  WithdrawalRequest,
} from '@balcony/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routesOf } from '../../http/route.js';
import * as account from './service.js';

/** The member's own account (spec §7 /user calls, toggles, push, Korean checks, withdrawal). */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = routesOf(app, ['users']);

  route({
    method: 'POST',
    url: '/user',
    summary: 'The signed-in user; notes whether they now connect from Korea (isKrIpUser)',
    access: 'member',
    response: User,
    handler: (ctx) => account.currentUserSeen(ctx),
  });

  route({
    method: 'PUT',
    url: '/user',
    summary: 'Adult birth date (ADULT), mail agreement (MAIL) or nickname (PROFILE); rotates the refresh token',
    access: 'member',
    body: UpdateUserRequest,
    response: UserAuthResponse,
    handler: (ctx, { body }) => account.updateUser(ctx, body),
  });

  route({
    method: 'PUT',
    url: '/user/adult/toggle/:value',
    summary: 'Show adult content or not (on only for adults)',
    access: 'member',
    params: ToggleParams,
    response: User,
    handler: (ctx, { params }) => account.setShowAdult(ctx, params.value),
  });

  route({
    method: 'PUT',
    url: '/user/BL/toggle/:value',
    summary: 'Show BL content or not',
    access: 'member',
    params: ToggleParams,
    response: User,
    handler: (ctx, { params }) => account.setBlToggle(ctx, params.value),
  });

  route({
    method: 'PUT',
    url: '/app/push',
    summary: 'Push settings; switches left out keep their value',
    access: 'member',
    body: PushSettingsRequest,
    response: User,
    handler: (ctx, { body }) => account.updatePushSettings(ctx, body),
  });

  route({
    method: 'GET',
    url: '/user/address',
    summary: "The member's delivery address (spec §3 address form), or null",
    access: 'member',
    response: UserAddressResponse,
    handler: (ctx) => account.address(ctx),
  });

  route({
    method: 'PUT',
    url: '/user/address',
    summary: "Keeps the member's one delivery address (a European country), replacing the one kept",
    access: 'member',
    body: UserAddressRequest,
    response: UserAddressResponse,
    handler: (ctx, { body }) => account.saveAddress(ctx, body),
  });

  route({
    method: 'DELETE',
    url: '/user/address',
    summary: "Deletes the member's delivery address",
    access: 'member',
    response: NoData,
    handler: async (ctx) => {
      await account.deleteAddress(ctx);
      return null;
    },
  });

  // Checks of a secret (identity signature, password): limited per address and per member.
  route({
    method: 'POST',
    url: '/user/auth/adult/kr',
    summary: 'Korean mobile-carrier identity check; rotates the refresh token',
    access: 'member',
    sensitive: { account: (_input, ctx) => ctx.user.id },
    body: KrAdultAuthRequest,
    response: UserAuthResponse,
    handler: (ctx, { body }) => account.verifyAdultKr(ctx, body),
  });

  route({
    method: 'POST',
    url: '/user/withdrawal',
    summary: 'Delete the signed-in account (password, or a login within 10 minutes for social accounts)',
    access: 'member',
    sensitive: { account: (_input, ctx) => ctx.user.id },
    body: WithdrawalRequest,
    response: NoData,
    handler: async (ctx, { body }) => {
      await account.withdraw(ctx, body);
      return null;
    },
  });

  route({
    method: 'GET',
    url: '/auth/ip-kr',
    summary: 'Whether the caller connects from Korea (country header of the CDN, or relayed by the web)',
    access: 'public',
    response: IpKrResponse,
    handler: (ctx) => account.isKrIp(ctx),
  });
};
