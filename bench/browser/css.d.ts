// The grid page imports the app's CSS; Vite bundles it. (The client's tsconfig gets this from vite/client.)
declare module '*.css';
