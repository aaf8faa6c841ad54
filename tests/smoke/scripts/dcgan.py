"""A DCGAN-style loop (PyTorch's examples/dcgan): D learns on real and fake, then G learns through D.
With --only-netG, the loop clears the generator's gradients but never the discriminator's."""

import sys

import torch
from torch import nn

torch.manual_seed(0)
only_g = "--only-netG" in sys.argv
netG = nn.Sequential(nn.Linear(4, 16), nn.ReLU(), nn.Linear(16, 8), nn.Tanh())
netD = nn.Sequential(nn.Linear(8, 16), nn.LeakyReLU(0.2), nn.Linear(16, 1), nn.Sigmoid())
criterion = nn.BCELoss()
optimizerD = torch.optim.Adam(netD.parameters(), lr=2e-4, betas=(0.5, 0.999))
optimizerG = torch.optim.Adam(netG.parameters(), lr=2e-4, betas=(0.5, 0.999))
real_label, fake_label = 1.0, 0.0
for _ in range(50):
    real = torch.randn(16, 8)
    # (1) Update D network: maximize log(D(x)) + log(1 - D(G(z)))
    if not only_g:
        netD.zero_grad()
    label = torch.full((16,), real_label)
    errD_real = criterion(netD(real).view(-1), label)
    errD_real.backward()
    fake = netG(torch.randn(16, 4))
    label.fill_(fake_label)
    errD_fake = criterion(netD(fake.detach()).view(-1), label)
    errD_fake.backward()
    optimizerD.step()
    # (2) Update G network: maximize log(D(G(z)))
    netG.zero_grad()
    label.fill_(real_label)
    errG = criterion(netD(fake).view(-1), label)
    errG.backward()
    optimizerG.step()
