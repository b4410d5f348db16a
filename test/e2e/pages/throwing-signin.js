// The gateway asks for a sign-in (the test opens the page with no session) and the host's
// onSignInRequired throws; batchSize 1 sends the client's ERROR entry about it at once.
EMWeb.bootstrap({
  mount: '#app',
  logger: { batchSize: 1 },
  onSignInRequired: function hostSignIn() {
    throw new Error('the host could not open its sign-in dialog');
  },
});
