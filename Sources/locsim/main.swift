print("locsim")
