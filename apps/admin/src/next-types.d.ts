// What the generated next-env.d.ts references (it is git-ignored and written by `next build` or
// `next typegen`), so that `tsc --noEmit -p apps/admin` also checks a fresh checkout.
/// <reference types="next" />
/// <reference types="next/image-types/global" />
