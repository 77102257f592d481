print("dpend")
